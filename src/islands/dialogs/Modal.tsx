/** A modal frame: fixed width, closed only by its close icon (never by clicking outside). */
import { useEffect, useRef, type ReactNode } from 'react';

/** Props of Modal. */
export interface ModalProps {
  /** Width in px at desktop; the modal shrinks to the viewport on small screens. */
  width: number;
  /** Accessible name of the dialog. */
  label: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra class for the dialog element. */
  className?: string;
}

/** The shared modal frame. */
export function Modal({ width, label, onClose, children, className }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={className ? `modal ${className}` : 'modal'}
      style={{ width: `min(${width}px, calc(100vw - 24px))` }}
      aria-label={label}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <button type="button" className="modal-close" aria-label="close" onClick={onClose}>
        ×
      </button>
      {children}
    </dialog>
  );
}
