import { IdcardOutlined, UploadOutlined } from '@ant-design/icons';
import { AVATAR_ACCEPT, checkAvatarFile } from '@anxin/shared/profile/profile.schemas';
import { Button, Progress, Upload } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
// The site's one upload call (POST /v2/upload), here as a private upload: encrypted on the server, shown by a
// signed URL. The profile's avatar uses it too (module=common).
import { useUploadAvatar } from '../../profile/index.ts';

type CertificateImageUploadProps = {
  value?: string;
  onChange?: (url: string) => void;
  id?: string;
};

/** The guardian's ID card photo: jpg or png up to 2 MB (checked here, then by the server), with a preview. */
export function CertificateImageUpload({ value, onChange, id }: CertificateImageUploadProps) {
  const { message } = useFeedback();
  const upload = useUploadAvatar();
  const [percent, setPercent] = useState<number | null>(null);

  const handleFile = async (file: File) => {
    const problem = checkAvatarFile(file);
    if (problem) {
      message.error(problem);
      return;
    }
    setPercent(0);
    try {
      const { url } = await upload.mutateAsync({ file, onProgress: setPercent, module: 'private' });
      onChange?.(url);
    } catch (error) {
      message.error(getErrorMessage(error, '图片上传失败'));
    } finally {
      setPercent(null);
    }
  };

  const isUploading = percent !== null;
  return (
    <div className="certificate-upload" id={id} data-testid="guardian-image-upload">
      <div className="certificate-upload__preview">
        {value ? (
          <img src={value} alt="监护人身份证照片" />
        ) : (
          <span className="certificate-upload__placeholder">
            <IdcardOutlined />
            身份证人像面
          </span>
        )}
      </div>
      <div className="certificate-upload__side">
        <Upload
          accept={AVATAR_ACCEPT}
          showUploadList={false}
          disabled={isUploading}
          beforeUpload={(file) => {
            void handleFile(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} loading={isUploading}>
            {isUploading ? '上传中…' : value ? '重新上传' : '上传照片'}
          </Button>
        </Upload>
        {isUploading ? (
          <Progress percent={percent} size="small" className="certificate-upload__progress" aria-label="上传进度" />
        ) : (
          <p className="certificate-upload__hint">请上传监护人身份证人像面照片，支持jpg、jpeg、png格式，大小不超过2M</p>
        )}
      </div>
    </div>
  );
}
