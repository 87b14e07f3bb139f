/**
 * What a DOM island module exports: a function given its props and its `<astro-island>`
 * element (props first, as Astro reads a component's props from its first parameter).
 */
export type DomIsland<P = object> = ((props: P, island: HTMLElement) => void | Promise<void>) & {
  readonly domIsland: true;
};

/** Marks `run` as a DOM island (the server renderer recognises it by the mark). */
export function domIsland<P = object>(
  run: (props: P, island: HTMLElement) => void | Promise<void>,
): DomIsland<P> {
  return Object.assign(run, { domIsland: true as const });
}
