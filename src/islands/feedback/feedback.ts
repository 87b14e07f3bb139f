/** The feedback form's behaviour: send through the store, show the answer in place. */
import { $feedbackState, submitFeedback } from '../../lib/stores/feedback.ts';

const form = document.querySelector<HTMLFormElement>('[data-feedback-form]');
if (form) {
  const status = form.querySelector<HTMLElement>('[data-feedback-status]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const text = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value : '';
    };
    void submitFeedback({ kind: text('kind'), content: text('content'), contact: text('contact') });
  });
  $feedbackState.subscribe((s) => {
    if (button) button.disabled = s.state === 'sending';
    if (!status) return;
    status.dataset.state = s.state;
    status.textContent =
      s.state === 'sent' ? (status.dataset.thanks ?? '') : s.state === 'error' ? s.message : '';
    if (s.state === 'sent') form.reset();
  });
}
