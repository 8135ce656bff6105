import { CheckCircleFilled, ExperimentOutlined, PlusOutlined, UserOutlined } from '@ant-design/icons';
import { THIRD_PARTY_NAMES, type ThirdType, thirdTypeOfProvider } from '@anxin/shared/account/third-party';
import { MSG } from '@anxin/shared/common/messages';
import { Avatar, Button, Empty, Input, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { ThirdPartyIcon } from '../../auth/index.ts';
import {
  type ConsentRequest,
  decideConsent,
  useCreateSandboxIdentity,
  useSandboxIdentities,
} from '../api/sandbox-oauth.ts';
import '../sandbox-oauth.css';

function readConsentRequest(searchParams: URLSearchParams): ConsentRequest | null {
  const clientId = searchParams.get('client_id');
  const redirectUri = searchParams.get('redirect_uri');
  const state = searchParams.get('state');
  if (!clientId || !redirectUri || !state || searchParams.get('response_type') !== 'code') return null;
  const challenge = searchParams.get('code_challenge');
  return {
    client_id: clientId,
    redirect_uri: redirectUri,
    state,
    code_challenge: challenge ?? undefined,
    code_challenge_method: challenge ? 'S256' : undefined,
  };
}

/**
 * The sandbox provider's consent page (outside production), playing QQ, WeChat, Alipay or Weibo: the shopper
 * picks or creates a test identity and approves, or refuses. The code it issues is exchanged by the server
 * through the same adapter code as a real provider's.
 */
export function SandboxAuthorizePage() {
  const { provider = '' } = useParams();
  const [searchParams] = useSearchParams();
  const thirdType = thirdTypeOfProvider(provider);
  const request = readConsentRequest(searchParams);

  if (!thirdType || !request) {
    return (
      <div className="sandbox-oauth">
        <Result status="warning" title="授权请求无效" subTitle="缺少必要的参数，请返回商城重新发起登录。" />
      </div>
    );
  }
  return <ConsentCard provider={provider} thirdType={thirdType} request={request} />;
}

function ConsentCard({
  provider,
  thirdType,
  request,
}: {
  provider: string;
  thirdType: ThirdType;
  request: ConsentRequest;
}) {
  const { message } = useFeedback();
  const identities = useSandboxIdentities(provider);
  const createIdentity = useCreateSandboxIdentity(provider);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [nickname, setNickname] = useState('');
  const [decision, setDecision] = useState<'approve' | 'refuse' | null>(null);
  const name = THIRD_PARTY_NAMES[thirdType];
  const selectedId = chosenId ?? identities.data?.[0]?.id ?? null;

  const handleCreate = async () => {
    const trimmed = nickname.trim();
    if (!trimmed || trimmed.length > 20) {
      message.error(MSG.sandboxNicknameInvalid);
      return;
    }
    try {
      const created = await createIdentity.mutateAsync(trimmed);
      setChosenId(created.id);
      setNickname('');
    } catch (error) {
      message.error(getErrorMessage(error));
    }
  };

  const handleDecision = async (approve: boolean) => {
    setDecision(approve ? 'approve' : 'refuse');
    try {
      const { redirectUrl } = await decideConsent(provider, request, {
        approve,
        identityId: approve ? (selectedId ?? undefined) : undefined,
      });
      window.location.assign(redirectUrl);
    } catch (error) {
      setDecision(null);
      message.error(getErrorMessage(error));
    }
  };

  return (
    <div className="sandbox-oauth">
      <div className={`sandbox-oauth__card sandbox-oauth__card--${thirdType}`}>
        <header className="sandbox-oauth__brand">
          <ThirdPartyIcon type={thirdType} />
          <span>{name}账号授权登录</span>
          <em>
            <ExperimentOutlined /> 沙箱
          </em>
        </header>
        <div className="sandbox-oauth__body">
          <p className="sandbox-oauth__app">
            <strong>安心大药房</strong> 申请使用您的{name}账号信息
          </p>
          <ul className="sandbox-oauth__scopes">
            <li>
              <CheckCircleFilled /> 获得您的公开信息（昵称、头像）
            </li>
            <li>
              <CheckCircleFilled /> 使用{name}账号登录安心大药房
            </li>
          </ul>
          <h2 className="sandbox-oauth__heading">选择测试身份</h2>
          {identities.isPending ? (
            <Skeleton active paragraph={{ rows: 2 }} />
          ) : identities.data?.length ? (
            <ul className="sandbox-oauth__identities" aria-label="测试身份">
              {identities.data.map((identity) => (
                <li key={identity.id}>
                  <button
                    type="button"
                    className={`sandbox-oauth__identity${identity.id === selectedId ? ' sandbox-oauth__identity--active' : ''}`}
                    aria-pressed={identity.id === selectedId}
                    onClick={() => setChosenId(identity.id)}
                  >
                    <Avatar size={32} icon={<UserOutlined />} />
                    <span className="sandbox-oauth__identity-name">{identity.nickname}</span>
                    <span className="sandbox-oauth__identity-id">{identity.openId}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有测试身份，请先新建一个" />
          )}
          <div className="sandbox-oauth__create">
            <Input
              placeholder="新测试身份的昵称"
              maxLength={20}
              value={nickname}
              onChange={(event) => setNickname(event.target.value)}
              onPressEnter={() => void handleCreate()}
            />
            <Button icon={<PlusOutlined />} onClick={() => void handleCreate()} loading={createIdentity.isPending}>
              新建测试身份
            </Button>
          </div>
          <div className="sandbox-oauth__actions">
            <Button
              type="primary"
              size="large"
              block
              disabled={selectedId === null || decision !== null}
              loading={decision === 'approve'}
              onClick={() => void handleDecision(true)}
            >
              同意授权
            </Button>
            <Button
              size="large"
              block
              disabled={decision !== null}
              loading={decision === 'refuse'}
              onClick={() => void handleDecision(false)}
            >
              拒绝
            </Button>
          </div>
          <p className="sandbox-oauth__note">
            这是开发和演示环境的模拟授权页，不会连接真实的{name}服务。配置 OAUTH_{provider.toUpperCase()}_CLIENT_ID
            后将使用真实的{name}授权。
          </p>
        </div>
      </div>
    </div>
  );
}
