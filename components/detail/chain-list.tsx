/**
 * The chain checks of a relationship: for each direction verified, the path from the presented
 * certificate to the CA the verifier trusts, with the verdict on every signature and the reason in
 * the report's words. Failing chains come first.
 */
import type { ChainCheck } from "@/lib/report";
import { chainNodes, type SignatureVerdict } from "./chain-nodes";
import { CodeText } from "./code-text";
import { type LinkProps } from "./detail-links";
import { hoverProps } from "./hover-props";
import { StatusIcon, type Tone } from "./status-icon";
import { TONE_PILL, TONE_TEXT } from "./status-badge";
import { InputText } from "@/components/shared/input-text";

const VERDICT: Record<SignatureVerdict, { tone: Tone; text: string }> = {
  valid: { tone: "ok", text: "signature verifies" },
  invalid: { tone: "error", text: "signature does not verify" },
  "no-issuer": { tone: "unknown", text: "no issuer found" },
};

function ChainCard({ chain, ...links }: LinkProps & { chain: ChainCheck }) {
  const { onSelect, onHover } = links;
  const nodes = chainNodes(links.report, chain);
  const tone: Tone = chain.trusted ? "ok" : "error";
  return (
    <li className="border-line flex flex-col gap-2 rounded-md border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-xs font-medium">
          {chain.verifier === "client" ? "Client verifies the server" : "Server verifies the client"}
        </span>
        <span
          className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ${TONE_PILL[tone]}`}
        >
          <StatusIcon tone={tone} />
          {chain.trusted ? "trusted" : "not trusted"}
        </span>
      </div>
      <ol className="flex flex-col">
        {nodes.map((node, index) => {
          const selection = { kind: "certificate", id: node.certificateId } as const;
          const verdict = node.signature ? VERDICT[node.signature] : undefined;
          const last = index === nodes.length - 1;
          return (
            <li key={`${node.certificateId}-${index}`} className="flex flex-col">
              <div className="flex items-center gap-2">
                <span
                  aria-hidden="true"
                  className={`size-2 shrink-0 rounded-full border ${last && chain.trusted ? "border-ok bg-ok" : "border-muted"}`}
                />
                <button
                  type="button"
                  onClick={() => onSelect(selection)}
                  {...hoverProps(onHover, selection)}
                  className="min-w-0 truncate text-left font-mono text-xs hover:underline"
                >
                  <InputText text={node.name} />
                </button>
                <span className="text-muted shrink-0 text-xs">
                  {index === 0 ? (
                    "presented"
                  ) : last && node.anchor ? (
                    <InputText text={node.anchor.name} />
                  ) : (
                    "issuer"
                  )}
                  {node.selfSigned && index === 0 ? " · self-signed" : ""}
                </span>
              </div>
              {verdict && (
                <div className="border-line ml-[3px] flex items-start gap-1.5 border-l py-1 pl-3.5">
                  <span className={`inline-flex items-center gap-1 text-xs ${TONE_TEXT[verdict.tone]}`}>
                    <StatusIcon tone={verdict.tone} />
                    {node.selfSigned && node.signature === "valid" ? "signs itself" : verdict.text}
                  </span>
                  {node.note && (
                    <span className="text-muted text-xs">
                      — <InputText text={node.note} dir="ltr" />
                    </span>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ol>
      {chain.reason && (
        <p className="text-muted text-xs leading-relaxed break-words">
          <CodeText text={chain.reason} />
        </p>
      )}
    </li>
  );
}

export function ChainList({ chains, ...links }: LinkProps & { chains: ChainCheck[] }) {
  const ordered = [...chains].sort((a, b) => Number(a.trusted) - Number(b.trusted));
  return (
    <ol className="flex flex-col gap-2">
      {ordered.map((chain, index) => (
        <ChainCard key={index} {...links} chain={chain} />
      ))}
    </ol>
  );
}
