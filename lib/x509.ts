/**
 * The one place that loads @peculiar/x509. Its dependency-injection container (tsyringe) needs the
 * reflect-metadata polyfill loaded first, or Next's build and Node scripts fail at import time.
 * Every lib/ module imports x509 from here, never from the package directly.
 */
import "reflect-metadata";

export * from "@peculiar/x509";
