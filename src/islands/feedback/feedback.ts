/** The feedback form's behaviour: send through the store, show the answer in place. */
import { $feedbackState, submitFeedback } from '../../lib/stores/feedback.ts';

const form = document.querySelector<HTMLFormElement>('[data-feedback-form]');
if (form) {
  const status = form.querySelector<HTMLElement>('[data-feedback-status]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(form);
    void submitFeedback({
      kind: String(data.get('kind') ?? ''),
      content: String(data.get('content') ?? ''),
      contact: String(data.get('contact') ?? ''),
    });
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
