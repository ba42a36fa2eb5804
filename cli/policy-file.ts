/**
 * `--policy FILE` at the CLI's edge: the file read with a size bound (a policy is a page of
 * settings; a device or a huge file is refused before it is read whole), then parsed strictly.
 * Every failure is one line naming the file, for exit code 2.
 */
import { closeSync, openSync, readSync, fstatSync } from "node:fs";
import { MAX_POLICY_BYTES, parsePolicy } from "../lib/policy/parse-policy";
import type { Policy } from "../lib/policy/policy";
import { fail, ok, type Result } from "../lib/shared/result";

/** The policy in `file`, or why not (`--policy 'FILE': ...`). */
export function readPolicyFileText(file: string): Result<Policy> {
  let bytes: Buffer;
  try {
    bytes = readBounded(file);
  } catch (error) {
    const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
    return fail(`cannot read --policy '${file}'${code ? ` (${code})` : ""}`);
  }
  if (bytes.length > MAX_POLICY_BYTES)
    return fail(`--policy '${file}' is larger than ${MAX_POLICY_BYTES} bytes: not a policy file`);
  const policy = parsePolicy(bytes.toString("utf8"));
  return policy.ok ? ok(policy.value) : fail(`--policy '${file}': ${policy.reason}`);
}

/** At most one byte over the limit, so an oversized file is known as such without reading it all. */
function readBounded(file: string): Buffer {
  const fd = openSync(file, "r");
  try {
    if (!fstatSync(fd).isFile()) throw Object.assign(new Error("not a file"), { code: "not a regular file" });
    const buffer = Buffer.alloc(MAX_POLICY_BYTES + 1);
    let length = 0;
    while (length < buffer.length) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
    }
    return buffer.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}
