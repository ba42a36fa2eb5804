/**
 * Ids of the places the skip link jumps to: the trust graph when a report is drawn, else the main
 * content. Shared by the link (in the page shell) and the workbench that renders the targets.
 */
export const landmarkIds = {
  main: "main-content",
  graph: "trust-graph",
} as const;
