// The logger's settings, shared by the server (app.ts) and the operator's command line (ops/cli.ts), which must
// not load the whole app to log like it.
import { serializeError } from './error-log.ts';

/** Values that must never reach a log line. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.oldPwd',
  '*.newPwd',
  '*.newPwdConfirm',
  '*.smsCode',
  '*.validCode',
  '*.captcha',
  '*.code',
  '*.refreshToken',
  '*.accessToken',
  '*.access_token',
  '*.refresh_token',
  '*.idCardNumber',
  '*.cardNum',
  '*.cardNumber',
  // Patients (用药人): the guardian, the health info and any full certificate number never reach a log.
  '*.guardianVo',
  '*.guardian',
  '*.healthInfo',
  '*.certificateNumber',
];

export const loggerOptions = (level: string) => ({
  level,
  redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  serializers: { err: serializeError },
});
