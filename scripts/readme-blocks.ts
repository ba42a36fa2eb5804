/**
 * The shell examples of a Markdown document: fenced blocks whose info string is `sh`, `bash` or
 * `shell`. Each keeps its text (what a reader pastes) and its command lines (continuations joined,
 * comments and blank lines left out), by which a test names the example it runs.
 */
export interface ReadmeBlock {
  /** The line of the opening fence, counted from 1. */
  line: number;
  text: string;
  commands: string[];
}

const OPEN = /^(`{3,}|~{3,})\s*(sh|bash|shell)\s*$/;

/** Every shell block of `markdown`, in order. */
export function readmeBlocks(markdown: string): ReadmeBlock[] {
  const lines = markdown.split("\n");
  const blocks: ReadmeBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = OPEN.exec(lines[index] ?? "");
    if (!open?.[1]) continue;
    const fence = open[1];
    const body: string[] = [];
    let end = index + 1;
    while (end < lines.length && !(lines[end] ?? "").startsWith(fence)) body.push(lines[end++] ?? "");
    blocks.push({ line: index + 1, text: body.join("\n"), commands: commandsOf(body) });
    index = end;
  }
  return blocks;
}

function commandsOf(body: string[]): string[] {
  const commands: string[] = [];
  let pending = "";
  for (const raw of body) {
    const line = raw.trim();
    if (pending === "" && (line === "" || line.startsWith("#"))) continue;
    if (line.endsWith("\\")) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    commands.push(pending + line);
    pending = "";
  }
  if (pending) commands.push(pending.trim());
  return commands;
}

/** The text of every fenced block of `markdown` whose info string is `info` (`ini`, `yaml`, …). */
export function readmeFences(markdown: string, info: string): string[] {
  const texts: string[] = [];
  const lines = markdown.split("\n");
  for (let index = 0; index < lines.length; index++) {
    const open = /^(`{3,}|~{3,})\s*(\S*)\s*$/.exec(lines[index] ?? "");
    if (!open?.[1]) continue;
    const body: string[] = [];
    let end = index + 1;
    while (end < lines.length && !(lines[end] ?? "").startsWith(open[1])) body.push(lines[end++] ?? "");
    if (open[2] === info) texts.push(body.join("\n"));
    index = end;
  }
  return texts;
}
