import { setElderlyModeOnDevice, useElderlyMode } from '../../../lib/elderly-mode.ts';
import { useIsSignedIn } from '../../../lib/use-session.ts';
import { useSetElderlyModeOnAccount } from '../api/set-elderly-mode.ts';
import '../elderly-mode.css';
import { useFeedback } from '../../../app/feedback.tsx';

/**
 * 长辈模式's switch (the top bar, the member centre): a button with role switch, named 长辈模式, its state in
 * aria-checked and, for the eye, 开 or 关 beside the name. The page changes at once; a member's choice is kept
 * on the account too, and put back if the account refuses it.
 */
export function ElderlyModeSwitch({ className = '' }: { className?: string }) {
  const isOn = useElderlyMode();
  const isSignedIn = useIsSignedIn();
  const { mutate } = useSetElderlyModeOnAccount();
  const { message } = useFeedback();

  const toggle = () => {
    const next = !isOn;
    setElderlyModeOnDevice(next);
    if (!isSignedIn) return;
    mutate(
      { elderlyMode: next },
      {
        onError: () => {
          setElderlyModeOnDevice(!next);
          message.error('长辈模式设置未保存，请稍后重试');
        },
      },
    );
  };

  return (
    <button
      type="button"
      role="switch"
      aria-checked={isOn}
      className={`elderly-switch link-button ${className}`.trim()}
      onClick={toggle}
    >
      长辈模式
      <span className="elderly-switch__state" aria-hidden="true">
        {isOn ? '开' : '关'}
      </span>
    </button>
  );
}
