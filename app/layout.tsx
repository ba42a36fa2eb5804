import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { preload } from "react-dom";
import { DEMO_ARCHIVE_URL, DEMO_MANIFEST_URL } from "@/components/input/demo-urls";
import { contentSecurityPolicy } from "./content-security-policy";
import { themeScript } from "./theme-script";
import "./globals.css";

export const metadata: Metadata = {
  title: "K8s PKI Explorer",
  description:
    "See a Kubernetes cluster's certificate trust topology — every relationship, every fault — parsed locally in your browser.",
  referrer: "no-referrer",
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#f6f8fb" },
    { media: "(prefers-color-scheme: dark)", color: "#0b1020" },
  ],
};

const development = process.env.NODE_ENV === "development";

export default function RootLayout({ children }: { children: ReactNode }) {
  // <link rel="preload"> in the head: the demo downloads while the scripts load, and the loader's
  // fetch() takes it over (crossOrigin "anonymous" is fetch()'s own mode, so the two match).
  preload(DEMO_MANIFEST_URL, { as: "fetch", crossOrigin: "anonymous" });
  preload(DEMO_ARCHIVE_URL, { as: "fetch", crossOrigin: "anonymous" });
  return (
    // The theme script sets data-theme before React hydrates; that difference is intended.
    <html lang="en" suppressHydrationWarning>
      <head>
        {development ? (
          <meta httpEquiv="Content-Security-Policy" content={contentSecurityPolicy} />
        ) : (
          // Inert: `npm run build` turns it into the policy, hashes added, first in <head> (scripts/csp-hashes.mjs).
          <meta name="k8s-pki-content-security-policy" content={contentSecurityPolicy} />
        )}
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body className="min-h-dvh">{children}</body>
    </html>
  );
}
