export { Button, ButtonLink, type ButtonProps, type ButtonLinkProps } from "./button";
export { InputField, SelectField, type InputFieldProps, type SelectFieldProps } from "./field";
export { Card, type CardProps } from "./card";
export { Banner, type BannerProps, type Tone } from "./banner";
export { StatusBadge, Badge, statusTone, type StatusBadgeProps } from "./status-badge";
export { Table, type TableProps } from "./table";
export { Dialog, type DialogProps } from "./dialog";
