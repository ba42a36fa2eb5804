/**
 * Several files from the input on one line (`admin.conf · pki/ca.crt`), each isolated on its own:
 * joined into one string, an override in the first would turn the separator and the next name
 * around with it.
 */
import { Fragment } from "react";
import { InputText } from "./input-text";

export function InputList({ items, separator = " · " }: { items: readonly string[]; separator?: string }) {
  return items.map((item, index) => (
    <Fragment key={index}>
      {index > 0 && separator}
      <InputText text={item} dir="ltr" />
    </Fragment>
  ));
}
