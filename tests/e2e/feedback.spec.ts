/** The feedback form: stored in the database, refused when too short, limited against floods. */
import { eq } from 'drizzle-orm';
import { feedback } from '../../src/server/db/schema.ts';
import { expect, screenshot, test } from './fixtures.ts';

test('feedback is stored, bad input is refused, and floods are stopped', async ({
  page,
  server,
}, info) => {
  await page.goto('/about/3');
  const form = page.locator('[data-feedback-form]');
  await form.locator('text=Suggestion').click();
  await form.locator('textarea').fill('Please add a picture-in-picture mode for the live room.');
  await form.locator('input[name="contact"]').fill('fan@example.com');
  await form.locator('button[type="submit"]').click();
  const status = form.locator('[data-feedback-status]');
  await expect(status).toHaveText('Thank you! Your feedback has been sent.');
  await screenshot(page, info, 'feedback-1440-en-US');
  const rows = await server.rt.db
    .select()
    .from(feedback)
    .where(eq(feedback.contact, 'fan@example.com'));
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ kind: 'suggestion' });

  // The browser's own minlength is bypassed to show the server refuses short text too.
  await form.locator('textarea').evaluate((el) => el.removeAttribute('minlength'));
  await form.locator('textarea').fill('too short');
  await form.locator('button[type="submit"]').click();
  await expect(status).toHaveText('Please write at least 10 characters');

  for (let i = 0; i < 4; i++) {
    await form.locator('textarea').fill(`Feedback number ${i} about the schedule page.`);
    await form.locator('button[type="submit"]').click();
    await expect(status).toHaveText('Thank you! Your feedback has been sent.');
  }
  await form.locator('textarea').fill('One more message that should be refused.');
  await form.locator('button[type="submit"]').click();
  await expect(status).toHaveText('Too many requests, please try again later');
  const total = await server.rt.db.select().from(feedback);
  expect(total).toHaveLength(5);
});

test('unknown about pages redirect home', async ({ request }) => {
  const res = await request.get('/about/9', { maxRedirects: 0 });
  expect(res.status()).toBe(302);
});
