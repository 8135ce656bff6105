import { CustomerServiceOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { type ChatOpenContext, openChat } from '../lib/open-chat.ts';
import { ChatUnreadBadge } from './chat-unread-badge.tsx';

type ChatButtonProps = Omit<ButtonProps, 'onClick'> & { context?: ChatOpenContext };

/** 联系客服: opens the chat window over the page, with the unread answers beside it. */
export function ChatButton({ context, children = '联系客服', ...props }: ChatButtonProps) {
  return (
    <Button icon={<CustomerServiceOutlined />} {...props} onClick={() => openChat(context)}>
      {children}
      <ChatUnreadBadge />
    </Button>
  );
}
