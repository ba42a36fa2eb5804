/**
 * Small line glyphs (16×16 grid) that say what kind of thing a box is: a shield for a CA, a key for
 * the service-account key pair, and one per component kind. Drawn with `currentColor`.
 */
import type { NodeIcon as NodeIconKind } from "./topology-model";

interface Glyph {
  paths: string[];
  circles?: [number, number, number][];
}

const SERVER = ["M2.5 3.5h11v4h-11z", "M2.5 9h11v4h-11z", "M5 5.5h.01", "M5 11h.01"];

const GLYPHS: Record<NodeIconKind, Glyph> = {
  ca: {
    paths: ["M8 1.6l5.4 2v4.1c0 3.4-2.3 5.7-5.4 6.8-3.1-1.1-5.4-3.4-5.4-6.8V3.6z", "M5.6 8l1.7 1.7 3.2-3.3"],
  },
  "key-pair": {
    paths: ["M7.4 8.6l5.8-5.8", "M11.2 4.8l1.7 1.7", "M9.6 6.4l1.2 1.2"],
    circles: [[5.2, 10.8, 2.9]],
  },
  "kube-apiserver": { paths: ["M8 1.8v3", "M8 11.2v3", "M1.8 8h3", "M11.2 8h3"], circles: [[8, 8, 3.1]] },
  etcd: {
    paths: [
      "M2.8 4v8c0 1.1 2.3 2 5.2 2s5.2-.9 5.2-2V4",
      "M2.8 8c0 1.1 2.3 2 5.2 2s5.2-.9 5.2-2",
      "M2.8 4c0-1.1 2.3-2 5.2-2s5.2.9 5.2 2-2.3 2-5.2 2-5.2-.9-5.2-2z",
    ],
  },
  "kube-controller-manager": {
    paths: [
      "M8 1.6v2.1",
      "M8 12.3v2.1",
      "M1.6 8h2.1",
      "M12.3 8h2.1",
      "M3.5 3.5l1.5 1.5",
      "M11 11l1.5 1.5",
      "M3.5 12.5L5 11",
      "M11 5l1.5-1.5",
    ],
    circles: [[8, 8, 3]],
  },
  "kube-scheduler": { paths: ["M8 4.6V8l2.4 1.6"], circles: [[8, 8, 6.1]] },
  "kube-proxy": { paths: ["M2 5.5h10.5", "M10 3l2.5 2.5L10 8", "M14 10.5H3.5", "M6 8l-2.5 2.5L6 13"] },
  kubelet: { paths: SERVER },
  admin: { paths: ["M2.8 14c0-2.9 2.3-4.6 5.2-4.6s5.2 1.7 5.2 4.6"], circles: [[8, 5.2, 2.7]] },
  user: { paths: ["M2.8 14c0-2.9 2.3-4.6 5.2-4.6s5.2 1.7 5.2 4.6"], circles: [[8, 5.2, 2.7]] },
  clients: { paths: ["M1.8 3h12.4v10H1.8z", "M4.5 6.5l2 1.5-2 1.5", "M8.5 10h3"] },
  "front-proxy": { paths: ["M8 2l6 3-6 3-6-3z", "M2 8.2l6 3 6-3", "M2 11.2l6 3 6-3"] },
  "etcd-healthcheck": { paths: ["M1.5 8.5h3l1.6-4.2 3 7.4 1.6-3.2h3.8"] },
  group: { paths: ["M4.5 1.5h10v9.5", "M1.5 4.5h10v4h-10z", "M1.5 10h10v4h-10z"] },
};

export interface NodeIconProps {
  icon: NodeIconKind;
  /** Top-left corner and edge length in the parent's units. */
  x: number;
  y: number;
  size: number;
  strokeWidth?: number;
}

/** One glyph scaled into a `size` square at (x, y). */
export function NodeIcon({ icon, x, y, size, strokeWidth = 1.4 }: NodeIconProps) {
  const glyph = GLYPHS[icon];
  return (
    <g
      transform={`translate(${x} ${y}) scale(${size / 16})`}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {glyph.paths.map((d) => (
        <path key={d} d={d} />
      ))}
      {glyph.circles?.map(([cx, cy, r]) => (
        <circle key={`${cx},${cy},${r}`} cx={cx} cy={cy} r={r} />
      ))}
    </g>
  );
}
