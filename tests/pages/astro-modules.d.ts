/** Lets `tsc` type the page imports of the page tests; `astro check` knows .astro files itself. */
declare module '*.astro' {
  const component: import('astro/runtime/server/index.js').AstroComponentFactory;
  export default component;
}
