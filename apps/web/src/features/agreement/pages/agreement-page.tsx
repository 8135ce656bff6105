import { Empty, Skeleton } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useParams } from 'react-router';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useProtocol } from '../api/get-protocols.ts';
import '../agreement.css';

/** /agreement/:code: an agreement (or help) text by its protocol code. */
export function AgreementPage() {
  const { code = '' } = useParams();
  const { data: protocol, isPending, isError, error } = useProtocol(code);

  useEffect(() => {
    if (protocol?.title) document.title = `${protocol.title} - 安心大药房`;
  }, [protocol?.title]);

  let body: ReactNode;
  if (isPending) body = <Skeleton active title paragraph={{ rows: 12 }} />;
  else if (isError) body = <Empty description={getErrorMessage(error)} />;
  else if (!protocol) body = <Empty description="未找到该协议内容" />;
  else
    body = (
      <article className="agreement">
        <h1 className="agreement__title">{protocol.title}</h1>
        <div className="agreement__content">{protocol.content}</div>
      </article>
    );

  return (
    <div className="container">
      <div className="card agreement-card">{body}</div>
    </div>
  );
}
