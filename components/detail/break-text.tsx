/**
 * Machine text that wraps at its separators: a line-break opportunity after every "/", "#" and
 * ":", so `etc/kubernetes/pki/apiserver.crt` wraps between folders and a fingerprint between byte
 * pairs instead of inside a name or a byte.
 */
import { Fragment } from "react";

export function BreakText({ text }: { text: string }) {
  const parts = text.split(/(?<=[/#:])/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 && <wbr />}
        </Fragment>
      ))}
    </>
  );
}
