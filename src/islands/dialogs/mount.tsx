/** Mounts the React dialog host on first need (loaded on demand by the page shell). */
import { createRoot } from 'react-dom/client';
import { DialogHost } from './DialogHost.tsx';

/** Renders the dialog host into its own container at the end of body. */
export function mountDialogs(): void {
  const container = document.createElement('div');
  container.id = 'dialog-root';
  document.body.append(container);
  createRoot(container).render(<DialogHost />);
}
