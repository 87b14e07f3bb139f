/**
 * The clip dialogs of the page (ClipButton.astro): opening one takes the replay's playhead as
 * the start, sending asks for the clip, and the dialog shows the cut's progress, then a link.
 */
import { createI18n } from '../../lib/i18n/index.ts';
import { toLocale } from '../../lib/i18n/locale.ts';
import { $clipJob, makeClip, resetClip } from '../../lib/stores/clips.ts';

const t = createI18n(toLocale(document.documentElement.lang));

function bind(dialog: HTMLDialogElement): void {
  const form = dialog.querySelector<HTMLFormElement>('[data-clip-form]')!;
  const status = dialog.querySelector<HTMLElement>('[data-clip-status]')!;
  const submit = dialog.querySelector<HTMLButtonElement>('[data-clip-submit]')!;
  const link = dialog.querySelector<HTMLAnchorElement>('[data-clip-link]')!;
  const start = form.elements.namedItem('start') as HTMLInputElement | null;
  const anchorId = Number(dialog.dataset.anchorId);
  const replayId = Number(dialog.dataset.replayId);
  let unsubscribe: (() => void) | null = null;

  const close = () => {
    dialog.close();
  };
  dialog.addEventListener('close', () => {
    unsubscribe?.();
    unsubscribe = null;
    resetClip();
  });
  for (const button of dialog.querySelectorAll('[data-clip-close]')) {
    button.addEventListener('click', close);
  }
  document.querySelector(`[data-clip-open="${dialog.id}"]`)?.addEventListener('click', () => {
    const video = document.querySelector<HTMLVideoElement>('[data-player] video');
    if (start && video) start.value = String(Math.floor(video.currentTime || 0));
    status.textContent = '';
    delete status.dataset.tone;
    submit.hidden = false;
    submit.disabled = false;
    link.hidden = true;
    dialog.showModal();
    unsubscribe = $clipJob.subscribe((job) => {
      if (job.state === 'cutting') {
        status.textContent = t('clips.make.cutting');
        submit.disabled = true;
      } else if (job.state === 'ready') {
        status.textContent = t('clips.make.ready');
        submit.hidden = true;
        link.href = `/clip/${job.clip.id}`;
        link.hidden = false;
        link.focus();
      } else if (job.state === 'error') {
        status.textContent = job.message;
        status.dataset.tone = 'error';
        submit.disabled = false;
      }
    });
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const title = (form.elements.namedItem('title') as HTMLInputElement).value.trim();
    const seconds = Number(data.get('seconds'));
    delete status.dataset.tone;
    void makeClip(
      anchorId
        ? { anchor_id: anchorId, seconds, title }
        : {
            replay_id: replayId,
            start: Math.max(0, Math.floor(Number(start?.value) || 0)),
            seconds,
            title,
          },
    );
  });
}

for (const dialog of document.querySelectorAll<HTMLDialogElement>('dialog[data-clip-dialog]')) {
  bind(dialog);
}
