/** Where the console keeps the admin's theme choice ('light' or 'dark'; absent means follow the system). */
export const THEME_STORAGE_KEY = 'switchboard-theme';

/**
 * Runs inline in the head of every page, before the first paint, so a dark theme never flashes light:
 * it sets the `dark` class on <html> from the stored choice or the system's, and again when either
 * changes (the system setting, or the choice in another tab). The web build writes it into index.html
 * and the server allows exactly this text by its hash in the Content-Security-Policy, so both read it
 * from here. Kept tiny: it is on the sign-in page's first load.
 */
export const THEME_BOOT_SCRIPT =
  '(function(){var d=document.documentElement,m=matchMedia("(prefers-color-scheme: dark)");' +
  `function a(){var t;try{t=localStorage.getItem("${THEME_STORAGE_KEY}")}catch(e){}` +
  'd.classList.toggle("dark",t=="dark"||t!="light"&&m.matches)}' +
  'a();m.addEventListener("change",a);addEventListener("storage",a)})()';
