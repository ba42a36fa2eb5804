/**
 * The QR code of a quiz round's link, for a slide: dark modules on white with the standard quiet
 * zone, whatever the page's theme, so a phone's camera reads it off a projector.
 */
import { useMemo } from "react";
import { qrModules, qrPath } from "./quiz-round-qr";
import { testIds } from "../test-ids";

/** The quiet zone around the code, in modules (the QR standard asks for 4). */
const QUIET = 4;

export function QuizRoundQrCode({ link }: { link: string }) {
  const modules = useMemo(() => qrModules(link), [link]);
  if (!modules) return <p className="text-muted text-xs">This link is too long for a QR code.</p>;
  const size = modules.length + 2 * QUIET;
  return (
    <svg
      data-testid={testIds.quizRoundQr}
      data-modules={modules.length}
      role="img"
      aria-label="QR code of the round's link"
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className="size-40 shrink-0 rounded-md"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={qrPath(modules, QUIET)} fill="#000" />
    </svg>
  );
}
