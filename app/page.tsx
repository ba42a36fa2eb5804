import { testIds } from "@/components/test-ids";
import { CliExample } from "./_components/cli-example";
import { PrivacyNote } from "./_components/privacy-note";
import { RelationshipOverview } from "./_components/relationship-overview";
import { SiteHeader } from "./_components/site-header";

export default function HomePage() {
  return (
    <>
      <SiteHeader />
      {/* data-analysis / data-analysis-run: the contract e2e tests wait on; the explorer keeps it. */}
      <main
        data-testid={testIds.main}
        data-analysis="done"
        data-analysis-run="0"
        className="mx-auto flex max-w-5xl flex-col gap-10 px-4 py-10 sm:gap-12 sm:px-6 sm:py-16"
      >
        <section className="flex flex-col items-start gap-5">
          <PrivacyNote />
          <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-5xl">
            Your cluster’s certificate trust, edge by edge.
          </h1>
          <p className="text-muted max-w-2xl text-base text-pretty sm:text-lg">
            Drop a Kubernetes PKI folder —{" "}
            <code className="text-fg font-mono text-[0.9em]">/etc/kubernetes</code> and{" "}
            <code className="text-fg font-mono text-[0.9em]">/var/lib/kubelet</code> — and see who presents
            which certificate to whom, which CA vouches for it, and what is wrong or about to expire.
          </p>
        </section>
        <CliExample />
        <RelationshipOverview />
      </main>
      <footer className="border-line border-t">
        <div className="text-muted mx-auto max-w-5xl px-4 py-6 text-xs sm:px-6">
          A static site: no server, no analytics, no network access for your files.
        </div>
      </footer>
    </>
  );
}
