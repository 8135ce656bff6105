import type { ImageCaptcha } from '@anxin/shared/auth/password-login.schemas';
import { ErrorCode } from '@anxin/shared/common/errors';
import { MSG } from '@anxin/shared/common/messages';
import type { FormInstance } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { createImageCaptcha } from '../api/create-image-captcha.ts';
import type { ImageCodeFieldProps } from '../components/image-code-field.tsx';

const FIELD = 'captchaCode';

/**
 * The image code of a form that sends a password (login, phone binding, password change): their failures
 * share one counter on the server, which answers CAPTCHA_REQUIRED once the code is needed. From then on the
 * field shows, and every attempt gets a new image (a shown code is spent by any attempt).
 */
export function useImageCode(form: FormInstance) {
  const { message } = useFeedback();
  const [isShown, setIsShown] = useState(false);
  const [captcha, setCaptcha] = useState<ImageCaptcha | null>(null);
  const [isLoading, setIsLoading] = useState(false);
  // A message for the field, set once it is rendered: the form forgets errors of a field it does not have yet.
  const [fieldError, setFieldError] = useState<string | null>(null);
  // Two loads can be in flight (a refused attempt loads one, 换一张 another): only the newest may show.
  const latestLoad = useRef(0);

  useEffect(() => {
    if (!isShown || !fieldError) return;
    form.setFields([{ name: FIELD, errors: [fieldError] }]);
    setFieldError(null);
  }, [form, isShown, fieldError]);

  const refresh = async () => {
    const load = ++latestLoad.current;
    setIsLoading(true);
    form.setFieldValue(FIELD, '');
    try {
      const created = await createImageCaptcha();
      if (load === latestLoad.current) setCaptcha(created);
    } catch (error) {
      if (load !== latestLoad.current) return;
      setCaptcha(null);
      message.error(getErrorMessage(error));
    } finally {
      if (load === latestLoad.current) setIsLoading(false);
    }
  };

  return {
    /** Props of `<ImageCodeField>`, or null while the server has not asked for the code. */
    fieldProps: isShown
      ? ({ captcha, isLoading, onRefresh: () => void refresh(), name: FIELD } satisfies ImageCodeFieldProps)
      : null,

    /** The fields an attempt sends: the shown image's id and the typed answer. */
    answer(): { captchaId?: string; captchaCode?: string } {
      if (!isShown) return {};
      const code = form.getFieldValue(FIELD) as string | undefined;
      return { captchaId: captcha?.id, captchaCode: code?.trim() };
    },

    /**
     * After a refused attempt: shows the field when the server asks for it and fetches a new image. Answers
     * true when the refusal was about the image code itself (its message is then shown under the field).
     */
    handleRefusal(error: unknown): boolean {
      const isAsked = isApiError(error) && error.code === ErrorCode.captchaRequired;
      if (isAsked || isShown) {
        setIsShown(true);
        void refresh();
      }
      const text = getErrorMessage(error);
      if (isAsked && (text === MSG.captchaRequired || text === MSG.imageCodeWrong)) {
        setFieldError(text);
        return true;
      }
      return false;
    },
  };
}
