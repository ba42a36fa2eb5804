import Link from "next/link";
import { ThemeToggle } from "./theme-toggle";

/** Top bar: product mark and name (the page's one h1) on the left, theme switch on the right. */
export function SiteHeader() {
  return (
    <header className="border-line bg-surface/80 border-b backdrop-blur">
      <div className="mx-auto flex h-14 max-w-[1600px] items-center justify-between px-3 sm:px-5">
        <h1>
          <Link href="/" className="flex items-center gap-2.5 font-semibold tracking-tight">
            <LogoMark />
            <span>K8s PKI Explorer</span>
          </Link>
        </h1>
        <ThemeToggle />
      </div>
    </header>
  );
}

/** A certificate seal inside a hexagon: Kubernetes' shape, PKI's content. */
function LogoMark() {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className="text-accent size-7">
      <path d="M16 2.5 28 9.25v13.5L16 29.5 4 22.75V9.25Z" fill="currentColor" opacity="0.14" />
      <path
        d="M16 2.5 28 9.25v13.5L16 29.5 4 22.75V9.25Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
      <circle cx="16" cy="14" r="4.2" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path
        d="m13.4 17.4-1.4 5.6 4-2 4 2-1.4-5.6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}
