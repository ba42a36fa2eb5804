/**
 * Whose files the lessons on the page speak of (lib/teach/files-origin.ts): set once by the
 * workbench from what is loaded; a lesson rendered anywhere else speaks of a person's drop.
 */
import { createContext } from "react";
import type { FilesOrigin } from "@/lib/teach/lessons";

export const FilesOriginContext = createContext<FilesOrigin>("drop");
