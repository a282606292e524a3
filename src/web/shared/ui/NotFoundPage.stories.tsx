import type { Meta, StoryObj } from "@storybook/react-vite";
import { NotFoundPage } from "./NotFoundPage.tsx";

const meta = { title: "Pages/Not found", component: NotFoundPage } satisfies Meta<typeof NotFoundPage>;
export default meta;

export const Default: StoryObj<typeof meta> = {};
