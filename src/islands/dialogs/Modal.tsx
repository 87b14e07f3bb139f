/** A modal frame: fixed width, closed only by its close icon (never by clicking outside). */
import { useEffect, useRef, type ReactNode } from 'react';
import { useT } from '../use-t.ts';

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
  const t = useT();
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
      <button
        type="button"
        className="modal-close"
        aria-label={t('common.close')}
        onClick={onClose}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
          <path d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4z" />
        </svg>
      </button>
      {children}
    </dialog>
  );
}
