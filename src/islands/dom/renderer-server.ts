/**
 * Server side of DOM islands: they only run in the browser (`client:only`), so there is no
 * markup to render; `check` claims only functions marked by `domIsland`.
 */
const renderer = {
  name: 'arena-dom',
  check: (component: unknown) =>
    typeof component === 'function' && (component as { domIsland?: unknown }).domIsland === true,
  renderToStaticMarkup: () => ({ html: '' }),
};

export default renderer;
