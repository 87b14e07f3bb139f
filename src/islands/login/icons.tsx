/** Line icons of the login dialog and captcha (24x24, currentColor), drawn for the project. */

const PATHS = {
  eye: 'M12 5c5 0 8.7 3.4 10 7-1.3 3.6-5 7-10 7S3.3 15.6 2 12c1.3-3.6 5-7 10-7zm0 2c-3.6 0-6.4 2.2-7.8 5 1.4 2.8 4.2 5 7.8 5s6.4-2.2 7.8-5c-1.4-2.8-4.2-5-7.8-5zm0 1.8a3.2 3.2 0 1 1 0 6.4 3.2 3.2 0 0 1 0-6.4z',
  eyeOff:
    'M3.7 2.3 21.7 20.3l-1.4 1.4-3.2-3.2A11 11 0 0 1 12 19c-5 0-8.7-3.4-10-7a11.6 11.6 0 0 1 3.8-5L2.3 3.7zM7.2 8.4A9.4 9.4 0 0 0 4.2 12c1.4 2.8 4.2 5 7.8 5 1.2 0 2.4-.3 3.5-.7l-1.9-1.9A3.2 3.2 0 0 1 9.6 11zM12 5c5 0 8.7 3.4 10 7a11.4 11.4 0 0 1-2.9 4.3l-1.4-1.4a9.5 9.5 0 0 0 2.1-2.9C18.4 9.2 15.6 7 12 7c-.7 0-1.4.1-2 .2L8.3 5.5C9.5 5.2 10.7 5 12 5z',
  close:
    'M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4z',
  refresh: 'M12 4a8 8 0 0 1 7.4 5H22l-3.5 4.5L15 9h2.2A6 6 0 1 0 18 14h2.1A8 8 0 1 1 12 4z',
  arrow: 'M13.6 5.6 20 12l-6.4 6.4-1.4-1.4 4-4H4v-2h12.2l-4-4z',
  check: 'M9.5 16.2 5.3 12l-1.4 1.4 5.6 5.6L20.1 8.4 18.7 7z',
  shield:
    'M12 2 20 5v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5zm3.3 6.8-4.3 4.3-2.3-2.3-1.4 1.4 3.7 3.7 5.7-5.7z',
  lock: 'M7 10V7a5 5 0 0 1 10 0v3h1a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1zm2 0h6V7a3 3 0 0 0-6 0zm3 4a1.5 1.5 0 0 0-1 2.6V18h2v-1.4a1.5 1.5 0 0 0-1-2.6z',
  logout:
    'M5 3h8v2H5v14h8v2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm11.6 4.6L21 12l-4.4 4.4-1.4-1.4 2-2H9v-2h8.2l-2-2z',
  play: 'M8 5v14l11-7z',
  chat: 'M4 4h16a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H9l-5 4V5a1 1 0 0 1 1-1zm3 5v2h10V9zm0 3.5v2h7v-2z',
  bell: 'M12 2a6 6 0 0 1 6 6v4.5l2 3.5H4l2-3.5V8a6 6 0 0 1 6-6zm-2.5 16h5a2.5 2.5 0 0 1-5 0z',
  gift: 'M3 8h18v4H3zm2 5h6v8H5zm8 0h6v8h-6zM8 3.5c1.6 0 3 1.6 4 4.5-3 0-5.5-.6-5.5-2.5 0-1.3.6-2 1.5-2zm8 0c.9 0 1.5.7 1.5 2 0 1.9-2.5 2.5-5.5 2.5 1-2.9 2.4-4.5 4-4.5z',
} as const;

/** Name of a login icon. */
export type LoginIconName = keyof typeof PATHS;

/** One icon; decorative (the button around it carries the label). */
export function LoginIcon({ name, size = 20 }: { name: LoginIconName; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <path d={PATHS[name]} />
    </svg>
  );
}
