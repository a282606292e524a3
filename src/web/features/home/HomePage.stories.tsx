import type { Meta, StoryObj } from "@storybook/react-vite";
import { HomePage } from "./HomePage.tsx";

const meta = { title: "Pages/Home", component: HomePage } satisfies Meta<typeof HomePage>;
export default meta;

export const Desktop: StoryObj<typeof meta> = {};
export const Phone: StoryObj<typeof meta> = { globals: { viewport: { value: "mobile" } } };
