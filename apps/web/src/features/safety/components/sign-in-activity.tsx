import { DesktopOutlined, MobileOutlined } from '@ant-design/icons';
import { Button, Empty, Popconfirm, Skeleton, Tag } from 'antd';
import dayjs from 'dayjs';
import { useFeedback } from '../../../app/feedback.tsx';
import { TABLE_CARDS_CLASS } from '../../../components/table-cards.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { type MemberSession, useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/sessions.ts';

const formatTime = (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm');
const isMobileDevice = (device: string) => /iPhone|iPad|Android|鸿蒙|微信/.test(device);

/** IPs of this machine or a private network say nothing to the member: named as such. */
function describeIp(ip: string | null) {
  if (!ip) return '—';
  if (/^(127\.|::1$|::ffff:127\.)/.test(ip)) return `${ip}（本机）`;
  if (/^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(ip)) return `${ip}（内网）`;
  return ip;
}

/** Beyond the spec: the devices signed in now (each can be signed out) and the recent sign-ins. */
export function ActiveSessions() {
  const { message } = useFeedback();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const others = sessions.data?.sessions.filter((session) => !session.isCurrent) ?? [];

  const handleRevoke = async (session: MemberSession) => {
    try {
      await revoke.mutateAsync(session.id);
      message.success('已退出该设备');
    } catch (error) {
      message.error(getErrorMessage(error));
    }
  };

  const handleRevokeOthers = async () => {
    try {
      const { revoked } = await revokeOthers.mutateAsync();
      message.success(revoked > 0 ? `已退出其他 ${revoked} 台设备` : '没有其他登录中的设备');
    } catch (error) {
      message.error(getErrorMessage(error));
    }
  };

  return (
    <section className="card safety-card">
      <div className="card__header">
        <h2 className="card__title">登录设备</h2>
        <Popconfirm
          title="退出所有设备"
          description="将退出除本设备外的所有登录，确定吗？"
          okText="全部退出"
          cancelText="取消"
          onConfirm={handleRevokeOthers}
          disabled={others.length === 0}
        >
          <Button danger disabled={others.length === 0} loading={revokeOthers.isPending}>
            退出所有设备
          </Button>
        </Popconfirm>
      </div>
      {sessions.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : sessions.isError ? (
        <p className="card__empty">{getErrorMessage(sessions.error)}</p>
      ) : (
        <ul className="safety-sessions">
          {sessions.data.sessions.map((session) => (
            <li key={session.id} className="safety-sessions__item" data-testid="active-session">
              <span className="safety-sessions__icon">
                {isMobileDevice(session.device) ? <MobileOutlined /> : <DesktopOutlined />}
              </span>
              <div className="safety-sessions__text">
                <strong>
                  {session.device}
                  {session.isCurrent ? <Tag color="green">当前设备</Tag> : null}
                </strong>
                <span>
                  {session.methodName} · IP {describeIp(session.ip)} · 登录于 {formatTime(session.createdAt)} · 最近活动{' '}
                  {formatTime(session.lastActiveAt)}
                </span>
              </div>
              {session.isCurrent ? null : (
                <Popconfirm
                  title="退出该设备？"
                  description="该设备需要重新登录"
                  okText="退出"
                  cancelText="取消"
                  onConfirm={() => handleRevoke(session)}
                >
                  <Button size="small">退出登录</Button>
                </Popconfirm>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * 最近登录记录: at most ten rows, never paged or sorted, so a plain table styled like antd's (safety.css)
 * rather than antd's Table, which would bring its pagination, select, dropdown and spinner to the page (about 85 KB).
 */
export function RecentSignIns() {
  const sessions = useSessions();
  const signIns = sessions.data?.signIns ?? [];
  return (
    <section className="card safety-card">
      <div className="card__header">
        <h2 className="card__title">最近登录记录</h2>
        <span className="card__more">最近 10 次</span>
      </div>
      {sessions.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <table className={`safety-sign-ins ${TABLE_CARDS_CLASS}`}>
          <colgroup>
            <col style={{ width: 170 }} />
            <col style={{ width: 150 }} />
            <col />
            <col style={{ width: 190 }} />
            <col style={{ width: 100 }} />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">登录时间</th>
              <th scope="col">登录方式</th>
              <th scope="col">设备</th>
              <th scope="col">IP</th>
              <th scope="col">状态</th>
            </tr>
          </thead>
          <tbody>
            {signIns.map((session) => (
              <tr key={session.id}>
                <td data-label="登录时间">{formatTime(session.createdAt)}</td>
                <td data-label="登录方式">{session.methodName}</td>
                <td data-label="设备">{session.device}</td>
                <td data-label="IP">{describeIp(session.ip)}</td>
                <td data-label="状态">
                  {session.isCurrent ? (
                    <Tag color="green">当前</Tag>
                  ) : session.endedAt ? (
                    <Tag>已退出</Tag>
                  ) : (
                    <Tag color="blue">在线</Tag>
                  )}
                </td>
              </tr>
            ))}
            {signIns.length === 0 ? (
              <tr>
                <td colSpan={5} className="safety-sign-ins__empty">
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无登录记录" />
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      )}
    </section>
  );
}
