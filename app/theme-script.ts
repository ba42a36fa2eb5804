/**
 * Runs inline in <head> before first paint so a stored theme choice never flashes the other theme.
 * Only "light" and "dark" are honoured; anything else (or no entry) leaves the system preference in
 * charge. Storage can be blocked (sandboxed frames, strict privacy modes): then the system
 * preference is the deliberate fallback.
 */
export const themeStorageKey = "k8s-pki-explorer:theme";

export const themeScript = `(function(){try{var t=localStorage.getItem(${JSON.stringify(themeStorageKey)});if(t==="light"||t==="dark")document.documentElement.dataset.theme=t}catch(e){/* storage blocked: follow the system theme */}})()`;
