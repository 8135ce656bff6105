import { WarningOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { GuestOutcome, GuestPayFrame } from '../../guest-pay/index.ts';
import { PatientFormPage } from './patient-form-page.tsx';

/**
 * The link's key, read from `from` (the guest inquiry's own URL, `…/payJianke/inquiry?key&consigneePhone`):
 * the inquiry's 添加用药人 / 去编辑 links name the page to come back to, and that page names the key.
 */
function linkKeyOf(from: string | null): string {
  const query = from?.split('?')[1]?.split('#')[0] ?? '';
  return new URLSearchParams(query).get('key') ?? '';
}

/**
 * /payJianke/patientInfo/{add|edit}/{id?}?from (and its /m/ twin): the patient form in its key mode, opened
 * from the guest inquiry's 添加用药人 / 去编辑, in the guest frame so a phone keeps its layout. It reads, adds,
 * edits and deletes through the key calls (/v2/orders/ordersPatient/{key}/patients…), which the server ties to
 * the link's order and its member; saving goes back to the inquiry with the patient chosen.
 */
export function GuestPatientPage() {
  const [search] = useSearchParams();
  const linkKey = linkKeyOf(search.get('from'));
  return (
    <GuestPayFrame title="用药人信息">
      {linkKey ? (
        <div className="guest-patient">
          <PatientFormPage linkKey={linkKey} />
        </div>
      ) : (
        <GuestOutcome
          icon={<WarningOutlined />}
          tone="muted"
          title="链接无效"
          text="该链接不存在或已失效，请核对短信中的链接，或联系客服"
        />
      )}
    </GuestPayFrame>
  );
}
