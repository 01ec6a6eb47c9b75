import { expect as baseExpect, test, type Page } from '@playwright/test';
import { loginByApi as login, screenshot } from './helpers';

/**
 * Custom providers and models (docs/product/custom-models.md §2, §4, §5, §7) against the real server: the
 * config modal from the 'More' modal's custom tab, the spec's validation messages, a provider
 * pointing at the fake OpenAI-compatible provider (fake-sources, FAKES = E2E_PORT + 50), a model,
 * the custom tab with the slot meter, a chat streamed through that provider, and an SSRF refusal.
 */
// The shared 2-core machine can be very busy: give each step room.
const expect = baseExpect.configure({ timeout: 30_000 });
const PORT = Number(process.env.E2E_PORT ?? 3100);
const FAKE_PROVIDER = `http://127.0.0.1:${PORT + 50}/provider-openai/v1`;
/** FAKE_PROVIDER_KEY of server/test/fake-sources/providers.ts: the fake answers 401 to any other. */
const FAKE_KEY = 'sk-fake-provider-0123456789abcd';

const chatInput = (page: Page) => page.getByTestId('chat-composer').getByRole('textbox');

test('custom provider: configure, validate, add a model, see it with the meter, chat through it', async ({ page, request }) => {
  test.setTimeout(360_000);
  await login(page, request);
  await page.goto('/chat?type=v35');
  await page.getByTestId('switch-model').click();
  const picker = page.getByTestId('model-picker');
  await picker.getByText('自定义云端', { exact: false }).first().click();
  await expect(picker.getByTestId('custom-models-empty')).toBeVisible();
  await expect(picker.getByTestId('model-slot-meter')).toContainText('已用 0 / 3');
  await picker.getByTestId('import-model').click();

  const config = page.getByRole('dialog', { name: '第三方API配置' });
  await expect(config).toBeVisible();
  await expect(config.getByTestId('provider-row').first()).toContainText('DeepSeek');
  await screenshot(page, 'providers-config-desktop');

  // docs/product/custom-models.md §5: a new provider with nothing filled in.
  await config.getByRole('button', { name: '新增', exact: true }).first().click();
  const providerDialog = page.getByRole('dialog', { name: '新增服务商' });
  await providerDialog.getByRole('button', { name: '保存' }).click();
  await expect(providerDialog.getByText('请输入供应商名称', { exact: true }).last()).toBeVisible();
  await expect(providerDialog.getByText('请输入接口地址', { exact: true })).toBeVisible();
  await expect(providerDialog.getByText('请输入秘钥', { exact: true }).last()).toBeVisible();

  // The metadata address is refused by the server's SSRF rules (a Chinese sentence, no save).
  await providerDialog.getByLabel('供应商名称').fill('测试服务商');
  await providerDialog.getByLabel('接口地址').fill('http://169.254.169.254/v1');
  await providerDialog.getByLabel('秘钥').fill(FAKE_KEY);
  await providerDialog.getByRole('button', { name: '保存' }).click();
  await expect(page.locator('.ant-message')).toContainText('该链接地址不允许访问');
  await screenshot(page, 'providers-ssrf-refused');

  await providerDialog.getByLabel('接口地址').fill(FAKE_PROVIDER);
  await providerDialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(providerDialog).toBeHidden();
  const row = config.getByTestId('provider-row').filter({ hasText: '测试服务商' });
  await expect(row).toContainText('sk-****abcd');
  await expect(config.getByTestId('provider-models')).toContainText('当前服务商下属暂无模型可用');

  // docs/product/custom-models.md §5: the model form's messages, then a model.
  await config.getByRole('button', { name: '添加模型' }).click();
  const modelDialog = page.getByRole('dialog', { name: /新增模型/ });
  await modelDialog.getByLabel('模型ID').fill('');
  await modelDialog.getByRole('button', { name: '保存' }).click();
  await expect(modelDialog.getByText('请输入模型ID')).toBeVisible();
  await expect(modelDialog.getByText('请输入模型别名', { exact: true }).last()).toBeVisible();
  await modelDialog.getByLabel('模型ID').fill('deepseek-chat');
  await modelDialog.getByLabel('模型别名').fill('我的测试模型');
  await screenshot(page, 'providers-model-form');
  await modelDialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('新增模型成功')).toBeVisible();
  await expect(config.getByTestId('service-model-row')).toContainText('我的测试模型');
  await config.locator('.ant-modal-close').click();
  await expect(config).toBeHidden();

  // The custom tab lists the model with the meter; picking it opens its chat.
  await expect(picker.getByTestId('model-slot-meter')).toContainText('已用 1 / 3');
  const card = picker.locator('[data-testid="model-card"]').filter({ hasText: '我的测试模型' });
  await expect(card).toBeVisible();
  await screenshot(page, 'providers-more-custom-tab');
  await card.click();
  await expect(page.getByTestId('chat-model-name')).toHaveText('我的测试模型');
  // It answers through the user's own provider: no demo-mode banner here.
  await expect(page.getByTestId('demo-banner')).toHaveCount(0);

  await chatInput(page).fill('你好');
  await chatInput(page).press('Enter');
  const reply = page.locator('[data-role="assistant"]').last();
  await expect(reply).toContainText('我是通过你自己的服务商接入的模型', { timeout: 60_000 });
  await expect(reply).toHaveAttribute('data-state', 'ok');
  await screenshot(page, 'providers-chat-desktop');
});

test('my models page on mobile, prefilled from a shared model link', async ({ page, request }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, request);
  await page.goto(
    `/moxing/myModel?company=${encodeURIComponent('共享服务商')}&api_url=${encodeURIComponent(FAKE_PROVIDER)}&model_id=deepseek-chat`,
  );
  await expect(page.getByTestId('my-models-page')).toBeVisible();
  const providerDialog = page.getByRole('dialog', { name: '新增服务商' });
  await expect(providerDialog).toBeVisible();
  await expect(providerDialog.getByLabel('接口地址')).toHaveValue(FAKE_PROVIDER);
  await expect(providerDialog.getByLabel('供应商名称')).toHaveValue('共享服务商');
  await screenshot(page, 'providers-mobile-prefilled');
  await providerDialog.getByLabel('秘钥').fill(FAKE_KEY);
  await providerDialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await page.getByRole('button', { name: '添加模型' }).click();
  const modelDialog = page.getByRole('dialog', { name: /新增模型/ });
  await expect(modelDialog.getByLabel('模型ID')).toHaveValue('deepseek-chat');
  await screenshot(page, 'providers-mobile-model');
  await modelDialog.getByLabel('模型别名').fill('移动端模型');
  await modelDialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('新增模型成功')).toBeVisible();
  await expect(page.getByTestId('model-slot-meter')).toContainText('已用 1 / 3');
  await screenshot(page, 'providers-mobile-page');
});
