import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
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

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The theme script sets data-theme before React hydrates; that difference is intended.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta httpEquiv="Content-Security-Policy" content={contentSecurityPolicy} />
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body className="min-h-dvh">{children}</body>
    </html>
  );
}
