/**
 * Messages of the image tools (/draw/*, /photo, /draw/matting; docs/api.md "Tasks", docs/product/creation.md):
 * their stages and the Chinese failures their tasks end with (every failure refunds the count).
 * Spread into MSG (messages.ts).
 */
export const IMAGES_MSG = {
  // stages shown under the progress bar
  imgStageReading: '读取图片',
  imgStagePainting: '绘制中',
  imgStagePaintingOne: (i: number, n: number) => `绘制第 ${i} / ${n} 张`,
  imgStageLabelling: '添加 AI 生成标识',
  imgStageSaving: '保存结果',
  imgStageMatting: '抠出主体',
  imgStageBackground: '生成新背景',
  imgStageComposing: '合成图片',
  imgStageQrDrawing: '生成二维码',
  imgStageQrChecking: '检查二维码能否识别',
  imgStageQrRetry: (n: number) => `二维码不易识别，加强二维码后重画（第 ${n} 次）`,
  imgStageDescribing: '识别图片内容',
  // failures (the task fails with these and the count is returned)
  imgUnreadable: (label: string) => `「${label}」无法读取，请换一张 jpg、png 或 webp 图片（次数已退回）`,
  imgWrongType: (label: string) => `「${label}」不是 jpg、png 或 webp 图片（次数已退回）`,
  imgTooManyPixels: (label: string) => `「${label}」的像素太多，请换一张小一些的图片（次数已退回）`,
  imgNeedTextOrImage: '请上传一张图片，或填写画面描述',
  imgMaskEmpty: '请在图片上涂抹需要处理的区域',
  imgDemoFailure: '演示故障：图片生成失败（次数已退回）',
  imgNotEnabled: (title: string) => `运营方尚未开通「${title}」所需的图片服务，暂时无法使用（次数已退回）`,
  imgContentRefused: '描述或图片含有不适宜的内容，服务方拒绝生成，请修改后重试（次数已退回）',
  imgVendorRefused: '图片服务暂时拒绝请求（额度或频率受限），请稍后重试（次数已退回）',
  imgVendorFailed: '图片服务生成失败，请稍后重试（次数已退回）',
  imgBadAnswer: '图片服务返回的结果无法读取，请稍后重试（次数已退回）',
  imgNetwork: '连接图片服务超时或失败，请稍后重试（次数已退回）',
  imgNoPicture: '图片服务没有返回图片，请稍后重试（次数已退回）',
  imgQrTextTooLong: (max: number) => `二维码内容不能超过 ${max} 个字符`,
  imgQrNeverScans: '生成的艺术二维码多次尝试仍无法被识别，请换一个更简单的画面描述或缩短二维码内容后重试（次数已退回）',
  imgFaceNotEnabled: (title: string) =>
    `「${title}」涉及人脸，需要运营方接入具备商用授权的人脸服务后才能使用；运营方尚未开通，暂时无法使用（次数已退回）`,
  imgReverseNoModel: '运营方尚未开通图片理解模型，暂时无法反推提示词（次数已退回）',
  imgReverseEmpty: '没有识别出图片内容，请换一张图片重试（次数已退回）',
  imgReverseFailed: '图片理解服务暂时不可用，请稍后重试（次数已退回）',
} as const;
