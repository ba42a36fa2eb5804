import { Workbench } from "@/components/workbench/workbench";
import { CliExample } from "./_components/cli-example";
import { SiteHeader } from "./_components/site-header";
import { SkipLink } from "./_components/skip-link";

/** The explorer: a thin server shell around the one client island. */
export default function HomePage() {
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <Workbench />
      <footer data-chrome="" className="border-line mt-6 border-t">
        <div className="mx-auto flex max-w-[1600px] flex-col gap-4 px-3 py-6 sm:px-5">
          <CliExample />
          <p className="text-muted text-xs">
            A static site: no server, no analytics, no network access for your files.
          </p>
        </div>
      </footer>
    </>
  );
}
