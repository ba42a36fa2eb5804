/**
 * A shell command as a command box shows it: each word kept whole, so the spaces are the only places
 * a line may break (`kubeadm init phase certs apiserver` never splits inside `apiserver`, nor a path or
 * `--public-keys-only` at its hyphens), isolated left to right in one `<bdi>`, with every hidden
 * character of the input shown as a chip (see InputText). A word wider than the box scrolls it
 * (`[data-command-box]` in app/globals.css).
 */
import { Fragment } from "react";
import { InputPieces } from "./input-text";

export function CommandText({ command }: { command: string }) {
  const words = command.split(" ");
  return (
    <bdi dir="ltr">
      {words.map((word, index) => (
        <Fragment key={index}>
          <span className="whitespace-nowrap">
            <InputPieces text={word} />
          </span>
          {index < words.length - 1 ? " " : null}
        </Fragment>
      ))}
    </bdi>
  );
}
