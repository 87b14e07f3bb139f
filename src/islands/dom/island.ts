/** What a DOM island module exports: a function given its `<astro-island>` element and props. */
export type DomIsland<P = Record<string, unknown>> = ((
  island: HTMLElement,
  props: P,
) => void | Promise<void>) & { readonly domIsland: true };

/** Marks `run` as a DOM island (the server renderer recognises it by the mark). */
export function domIsland<P>(run: (island: HTMLElement, props: P) => void | Promise<void>) {
  return Object.assign(run, { domIsland: true as const }) as DomIsland<P>;
}
