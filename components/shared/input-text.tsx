/**
 * Text from the input — a subject, a file name, a kubeconfig user, or one of our sentences quoting
 * them — as the page shows it. A certificate subject is whatever its issuer wrote: a right-to-left
 * override (U+202E) makes `admin\u202Egnp.exe` read as "adminexe.png" and turns the words after it
 * around, a zero-width space makes two different names look the same, an escape or a newline hides
 * in plain sight. None of them reaches the page here: each is drawn as a small marked chip showing
 * its escape (`\u202E`), its Unicode name on hover, and the text sits in its own `<bdi>`, so even a
 * name in a right-to-left script cannot draw the words beside it ("+2 copies") into its direction.
 * Ordinary text renders as it always did, the same characters in one `<bdi>`.
 *
 * Attributes cannot hold markup: a `title` or an `aria-label` built from the input takes
 * `inertText` (lib/format/inert-text.ts) instead, and SVG text, which has no `<bdi>`, the same.
 */
import { Fragment } from "react";
import { hasHiddenCharacters, textPieces } from "@/lib/format/inert-text";
import { describeHiddenCharacter } from "./hidden-character-name";

/** The chip standing in for one hidden character: its escape as text, its name as the tooltip. */
export function HiddenCharacter({ character, shown }: { character: string; shown: string }) {
  return (
    <span className="hidden-char" dir="ltr" title={describeHiddenCharacter(character)}>
      {shown}
    </span>
  );
}

/**
 * `text` with its hidden characters as chips, not isolated: for a run inside an element that is
 * already isolated (a code span of a sentence, a quoted value). Plain text comes back as it is.
 */
export function InputPieces({ text }: { text: string }) {
  if (!hasHiddenCharacters(text)) return text;
  return textPieces(text).map((piece, index) =>
    piece.kind === "text" ? (
      <Fragment key={index}>{piece.text}</Fragment>
    ) : (
      <HiddenCharacter key={index} character={piece.text} shown={piece.shown} />
    ),
  );
}

/** Machine text wraps after "/", "#" and ":", between folders or byte pairs, not inside a name. */
function SeparatedPieces({ text }: { text: string }) {
  const parts = text.split(/(?<=[/#:])/);
  return parts.map((part, index) => (
    <Fragment key={index}>
      <InputPieces text={part} />
      {index < parts.length - 1 && <wbr />}
    </Fragment>
  ));
}

export interface InputTextProps {
  text: string;
  /**
   * How the text reads inside its isolate. `auto` (names: a subject, a node, a user) takes the
   * direction of its first strong letter, as a name in Hebrew or Arabic should. `ltr` is for a path,
   * a command, or one of our sentences quoting the input (a finding's title, a notice): they read
   * left to right, the way file systems, shells and our words do, whatever script a folder is in.
   */
  dir?: "auto" | "ltr";
  /** A line-break opportunity after every "/", "#" and ":" (paths, fingerprints, `file#users/name`). */
  breakAtSeparators?: boolean;
  className?: string;
}

/** Input-derived text, isolated from its neighbours, with every hidden character shown as a chip. */
export function InputText({ text, dir = "auto", breakAtSeparators = false, className }: InputTextProps) {
  return (
    // `<bdi>` is `dir="auto"` by itself: the attribute is written only when it says something else.
    <bdi dir={dir === "auto" ? undefined : dir} className={className}>
      {breakAtSeparators ? <SeparatedPieces text={text} /> : <InputPieces text={text} />}
    </bdi>
  );
}
