/** Browser side of DOM islands: calls the island's function with its props and element. */
export default (island: HTMLElement) =>
  async (
    run: (props: Record<string, unknown>, island: HTMLElement) => unknown,
    props: Record<string, unknown>,
  ) => {
    await run(props, island);
  };
