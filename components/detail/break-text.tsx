/**
 * Machine text that wraps at its separators: a line-break opportunity after every "/", "#" and
 * ":", so `etc/kubernetes/pki/apiserver.crt` wraps between folders and a fingerprint between byte
 * pairs instead of inside a name or a byte. Paths and subjects come from the input, so the text is
 * isolated, left to right as paths read, and its hidden characters shown (see InputText).
 */
import { InputText } from "@/components/shared/input-text";

export function BreakText({ text }: { text: string }) {
  return <InputText text={text} dir="ltr" breakAtSeparators />;
}
