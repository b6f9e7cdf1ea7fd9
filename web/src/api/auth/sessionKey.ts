export const sessionQueryKey = ['session'] as const;

let loggedOut = false;

/** Remember that the session just ended, so the next redirect to the login page carries the logout flag. */
export function markLoggedOut() {
  loggedOut = true;
  setTimeout(() => {
    loggedOut = false;
  }, 2000);
}

/** True once after a logout. */
export function consumeLoggedOut(): boolean {
  const v = loggedOut;
  loggedOut = false;
  return v;
}
