/** English (en-US) messages of the accounts API (keys under `account.api`). */
export const accountApi = {
  deviceRequired: 'Your browser did not send a device id; please reload the page',
  captchaRequired: 'Please complete the slider verification first',
  codeTooSoon: 'A code was sent less than a minute ago; please wait before asking again',
  codeDailyLimit: 'Number limit reached: no more codes for this number today',
  codeInvalid: 'The verification code is wrong or has expired',
  notRegistered: 'This number has no account yet; creating one',
  badCredentials: 'Wrong phone number or password',
  sliderAgain: 'Too many wrong passwords for this number: pass the slider again to try once more',
  hashInvalid: 'This verification has expired; please verify your phone again',
  alreadyRegistered: 'This number already has an account; please log in',
  resetDone: 'Password changed. Please log in with your new password.',
} as const;
