/**
 * Runs inline in <head> before first paint so a stored theme choice never flashes the other theme,
 * and presenter mode survives a reload without a flash of small type.
 * Only "light" and "dark" are honoured; anything else (or no entry) leaves the system preference in
 * charge. Storage can be blocked (sandboxed frames, strict privacy modes): then the system
 * preference is the deliberate fallback.
 * The Content-Security-Policy allows it by its SHA-256, which the build computes from the page it
 * was written into (scripts/csp-hashes.mjs): editing it needs no change to the policy.
 */
export const themeStorageKey = "k8s-pki-explorer:theme";

/** Presenter mode, kept for this tab's session (components/teach/presenter-mode.ts). */
export const presenterStorageKey = "k8s-pki-explorer:presenter";

export const themeScript = `(function(){try{var t=localStorage.getItem(${JSON.stringify(themeStorageKey)});if(t==="light"||t==="dark")document.documentElement.dataset.theme=t}catch(e){/* storage blocked: follow the system theme */}try{if(sessionStorage.getItem(${JSON.stringify(presenterStorageKey)})==="on")document.documentElement.dataset.presenter="on"}catch(e){/* storage blocked: presenter mode starts off */}})()`;
