/** Browser side of DOM islands: calls the island's function with its element and props. */
export default (island: HTMLElement) =>
  async (
    run: (island: HTMLElement, props: Record<string, unknown>) => unknown,
    props: Record<string, unknown>,
  ) => {
    await run(island, props);
  };
