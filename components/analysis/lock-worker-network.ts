/**
 * Imported first by the analysis Worker: module evaluation follows import order, so the Worker's
 * network APIs are gone before any other module of it runs, let alone sees input. The bundler has
 * loaded every script of the Worker with importScripts by then (its bundle has no lazy chunks).
 */
import { lockNetwork } from "@/lib/bridge/lock-network";

lockNetwork(self);
