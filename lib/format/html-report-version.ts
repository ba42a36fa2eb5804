/**
 * The product's version as the HTML report prints it. It is a constant in the core, not read from
 * package.json at run time, so the CLI and the page's Worker write the same bytes; a test holds it
 * equal to package.json's "version" (what `k8s-pki --version` prints).
 */
export const PRODUCT_VERSION = "0.1.0";
