import { FileImageOutlined, UploadOutlined } from '@ant-design/icons';
import { AVATAR_ACCEPT, checkAvatarFile } from '@anxin/shared/profile/profile.schemas';
import { Button, Upload } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
// The site's one upload call, as a private upload: the server checks the bytes, keeps the file encrypted and
// answers a signed URL of the applicant.
import { useUploadAvatar } from '../../profile/index.ts';

type LicenceImageUploadProps = { label: string; value?: string; onChange?: (url: string) => void; id?: string };

/** One licence photo: jpg or png up to 2 MB (checked here, then by the server), with a preview. */
export function LicenceImageUpload({ label, value, onChange, id }: LicenceImageUploadProps) {
  const { message } = useFeedback();
  const upload = useUploadAvatar();
  const [isUploading, setUploading] = useState(false);
  // Its name holds the words it shows (WCAG 2.5.3), then which licence it is for.
  const buttonText = isUploading ? '上传中…' : value ? '重新上传' : '上传照片';

  const handleFile = async (file: File) => {
    const problem = checkAvatarFile(file);
    if (problem) {
      message.error(problem);
      return;
    }
    setUploading(true);
    try {
      const { url } = await upload.mutateAsync({ file, module: 'private' });
      onChange?.(url);
    } catch (error) {
      message.error(getErrorMessage(error, '图片上传失败'));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="licence-upload" id={id}>
      <div className="licence-upload__preview">
        {value ? (
          <img src={value} alt={label} />
        ) : (
          <span className="licence-upload__placeholder">
            <FileImageOutlined />
            {label}
          </span>
        )}
      </div>
      <Upload
        accept={AVATAR_ACCEPT}
        showUploadList={false}
        disabled={isUploading}
        beforeUpload={(file) => {
          void handleFile(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined />} loading={isUploading} aria-label={`${buttonText}（${label}）`}>
          {buttonText}
        </Button>
      </Upload>
    </div>
  );
}
