"use client";
/**
 * How a view asks for a what-if: the workbench knows the files and the judge options, the panel
 * only the actions. Absent (a view rendered alone, in a test), simulations are not offered.
 */
import { createContext, useContext } from "react";
import type { WhatIfView } from "@/lib/bridge/protocol";
import type { WhatIfAction } from "@/lib/whatif/actions";

export type Simulate = (actions: WhatIfAction[]) => Promise<WhatIfView | string>;

export const WhatIfContext = createContext<Simulate | undefined>(undefined);

export function useSimulate(): Simulate | undefined {
  return useContext(WhatIfContext);
}
