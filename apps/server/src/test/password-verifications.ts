import { passwordVerifyChannel } from '../platform/password.ts';

/** What `act` answers, and the argon2 parameters of each password verification made while it ran. */
export async function passwordVerificationsDuring<T>(act: () => Promise<T>) {
  const verified: string[] = [];
  const listener = (parameters: unknown) => verified.push(String(parameters));
  passwordVerifyChannel.subscribe(listener);
  try {
    return { result: await act(), verified };
  } finally {
    passwordVerifyChannel.unsubscribe(listener);
  }
}
