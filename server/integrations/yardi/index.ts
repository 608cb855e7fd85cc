import { type ProviderNetwork, postToProvider, providerNetwork } from "../http";
import {
  type ChargeCode,
  type PropertyManagementProvider,
  type ProviderCredentials,
  ProviderError,
  type ProviderLease,
  type ProviderProperty,
  type ProviderResident,
  type ProviderUnit,
  type PushedPolicy,
} from "../provider";
import { type XmlNode, XmlError, childOf, childrenOf, escapeXml, find, parseXml, textOf } from "./xml";

/**
 * Yardi Voyager's SOAP interfaces (issue 15 section 2): ItfResidentData (GetPropertyConfigurations, GetUnitInformation,
 * GetResidentData), ItfResidentTransactions20 (GetChargeTypes_Login) and ItfRentersInsurance (ImportInsurancePolicies,
 * the push). Every call carries the interface's login in its body (UserName, Password, ServerName, Database, Platform,
 * InterfaceEntity, InterfaceLicense). Yardi reports a refused call as `<Messages><Message messageType="Error">` inside
 * the result (HTTP 200), and a broken request as a SOAP Fault (HTTP 500).
 */
const NAME = "Yardi";
const NS = "http://tempuri.org/YSI.Interfaces.WebServices";
const INTERFACE_ENTITY = "Coverdesk";

/** The folder of the web services: the endpoint given, without a service file at its end. */
export function yardiBase(credentials: ProviderCredentials) {
  return credentials.url.trim().replace(/\/+$/, "").replace(/\/[^/]+\.asmx$/i, "");
}

/** Yardi's dates (2026-01-05T00:00:00, 2026-01-05, 01/05/2026) to yyyy-MM-dd; anything else as sent. */
export function yardiDate(value: string | null): string | null {
  if (value === null) return null;
  const iso = /^(\d{4}-\d{2}-\d{2})(T[\d:.]+)?$/.exec(value);
  if (iso) return iso[1];
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (us) return `${us[3]}-${us[1].padStart(2, "0")}-${us[2].padStart(2, "0")}`;
  return value;
}

/** The IDValue of the first <Identification> under `node` whose IDType matches. */
const identification = (node: XmlNode | undefined, type: RegExp) => {
  const hit = childrenOf(node, "Identification").find((i) => type.test(i.attrs.IDType ?? ""));
  const value = hit?.attrs.IDValue?.trim();
  return value ? value : null;
};

export function yardiProvider(credentials: ProviderCredentials, network: ProviderNetwork = providerNetwork()): PropertyManagementProvider {
  const login = () =>
    [
      ["UserName", credentials.username],
      ["Password", credentials.password],
      ["ServerName", credentials.server_name ?? ""],
      ["Database", credentials.database],
      ["Platform", credentials.platform || "SQL Server"],
      ["InterfaceEntity", credentials.interface_entity || INTERFACE_ENTITY],
      ["InterfaceLicense", credentials.interface_license ?? ""],
    ]
      .map(([k, v]) => `<${k}>${escapeXml(v)}</${k}>`)
      .join("");

  /** One SOAP call; answers the `<…Result>` element or throws ProviderError with Yardi's own message. */
  async function call(service: string, operation: string, params: Array<[string, string]> = [], raw = ""): Promise<XmlNode> {
    const ns = `${NS}/${service}`;
    const body =
      `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" ` +
      `xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><${operation} xmlns="${ns}">${login()}` +
      `${params.map(([k, v]) => `<${k}>${escapeXml(v)}</${k}>`).join("")}${raw}</${operation}></soap:Body></soap:Envelope>`;
    const res = await postToProvider(NAME, `${yardiBase(credentials)}/${service}.asmx`, { headers: { "content-type": "text/xml; charset=utf-8", soapaction: `"${ns}/${operation}"` }, body }, network);
    let doc: XmlNode | undefined;
    try {
      doc = parseXml(res.body);
    } catch (error) {
      if (!(error instanceof XmlError)) throw error;
    }
    const fault = doc ? find(doc, "Fault") : undefined;
    const faultText = fault ? (textOf(fault, "faultstring") ?? textOf(find(fault, "Reason"), "Text")) : null;
    if (res.status === 401 || res.status === 403) throw new ProviderError(`${NAME} refused the credentials${faultText ? `: ${faultText}` : ""}`);
    if (res.status < 200 || res.status >= 300) throw new ProviderError(`${NAME} answered ${res.status} to ${operation}${faultText ? `: ${faultText}` : ""}`);
    if (fault) throw new ProviderError(`${NAME}: ${faultText ?? "SOAP fault"} (${operation})`);
    const result = doc ? find(doc, `${operation}Result`) : undefined;
    if (!result) throw new ProviderError(`${NAME} sent a malformed answer to ${operation}`);
    return result;
  }

  /** Yardi's error messages in a result; for a read, the first refuses the whole call. */
  const errorMessages = (result: XmlNode) =>
    childrenOf(find(result, "Messages") ?? (result.name === "Messages" ? result : undefined), "Message")
      .filter((m) => /error/i.test(m.attrs.messageType ?? m.attrs.MessageType ?? "error"))
      .map((m) => m.text.trim())
      .filter(Boolean);
  const refuseOnErrors = (result: XmlNode, operation: string) => {
    const [message] = errorMessages(result);
    if (!message) return;
    if (/user\s*name|password|login|licen[cs]e|interface entity|not authori[sz]ed/i.test(message)) throw new ProviderError(`${NAME} refused the credentials: ${message}`);
    throw new ProviderError(`${NAME}: ${message} (${operation})`);
  };

  const properties = async (): Promise<ProviderProperty[]> => {
    const result = await call("ItfResidentData", "GetPropertyConfigurations");
    refuseOnErrors(result, "GetPropertyConfigurations");
    const list = find(result, "Properties");
    if (!list) throw new ProviderError(`${NAME} sent a malformed answer to GetPropertyConfigurations`);
    return childrenOf(list, "Property").flatMap((p) => {
      const code = textOf(p, "Code") ?? textOf(p, "PropertyCode");
      if (!code) return [];
      return [{ code, title: textOf(p, "MarketingName") ?? textOf(p, "Name") ?? code, units_count: Number(textOf(p, "UnitCount") ?? 0) || 0 }];
    });
  };

  return {
    async checkCredentials() {
      await properties();
    },
    listProperties: properties,
    async chargeCodes(): Promise<ChargeCode[]> {
      const result = await call("ItfResidentTransactions20", "GetChargeTypes_Login");
      refuseOnErrors(result, "GetChargeTypes_Login");
      const list = find(result, "ChargeTypes");
      if (!list) throw new ProviderError(`${NAME} sent a malformed answer to GetChargeTypes_Login`);
      return childrenOf(list, "ChargeType").flatMap((c) => {
        const code = textOf(c, "Code");
        return code ? [{ code, description: textOf(c, "Description") ?? code }] : [];
      });
    },
    async fetchProperty(code) {
      const property = (await properties()).find((p) => p.code === code);
      if (!property) throw new ProviderError(`Property ${code} not found`);
      // Units first, then residents and their leases: all of it is read before the sync writes anything.
      const unitResult = await call("ItfResidentData", "GetUnitInformation", [["YardiPropertyId", code]]);
      refuseOnErrors(unitResult, "GetUnitInformation");
      const unitProperty = find(unitResult, "Property");
      if (!unitProperty) throw new ProviderError(`${NAME} sent a malformed answer to GetUnitInformation`);
      const units: ProviderUnit[] = childrenOf(find(unitProperty, "Units") ?? unitProperty, "Unit").flatMap((u) => {
        const unitCode = identification(u, /unit/i) ?? textOf(u, "UnitID") ?? textOf(childOf(u, "Information"), "UnitID");
        if (!unitCode) return [];
        return [{ code: unitCode, title: textOf(u, "MarketingName") ?? unitCode, building: textOf(u, "BuildingName") ?? textOf(childOf(u, "Information"), "BuildingName") }];
      });

      const residentResult = await call("ItfResidentData", "GetResidentData", [["YardiPropertyId", code]]);
      refuseOnErrors(residentResult, "GetResidentData");
      const customers = find(residentResult, "Customers");
      if (!customers) throw new ProviderError(`${NAME} sent a malformed answer to GetResidentData`);
      const residents: ProviderResident[] = [];
      const leases: ProviderLease[] = [];
      const person = (node: XmlNode, personCode: string): ProviderResident => {
        const name = childOf(node, "Name");
        return { code: personCode, email: textOf(childOf(node, "Address"), "Email") ?? textOf(node, "Email"), first_name: textOf(name, "FirstName"), last_name: textOf(name, "LastName") };
      };
      // A Voyager tenant (its t-code) is the household's lease; roommates share it.
      for (const customer of childrenOf(customers, "Customer")) {
        const tenantCode = identification(customer, /resident|tenant/i);
        if (!tenantCode) continue;
        const lease = childOf(customer, "Lease");
        residents.push(person(customer, tenantCode));
        const moveOut = (node: XmlNode) => yardiDate(textOf(childOf(node, "Lease"), "ActualMoveOut") ?? textOf(node, "MoveOutDate"));
        const tenants: ProviderLease["residents"] = [{ code: tenantCode, primary: true, moved_out_on: moveOut(customer) }];
        for (const roommate of [...childrenOf(childOf(customer, "OtherOccupants"), "OtherOccupant"), ...childrenOf(childOf(customer, "Roommates"), "Roommate")]) {
          const roommateCode = identification(roommate, /roommate|occupant|resident/i);
          if (!roommateCode) continue;
          residents.push(person(roommate, roommateCode));
          tenants.push({ code: roommateCode, primary: false, moved_out_on: moveOut(roommate) });
        }
        leases.push({
          code: tenantCode,
          unit_code: identification(customer, /unit/i) ?? identification(lease, /unit/i) ?? textOf(lease, "UnitID") ?? "",
          start_date: yardiDate(textOf(lease, "LeaseFromDate") ?? textOf(lease, "ActualMoveIn")),
          end_date: yardiDate(textOf(lease, "LeaseToDate")),
          residents: tenants,
        });
      }
      return { property, units, residents, leases };
    },
    async pushPolicies(propertyCode: string, policies: PushedPolicy[]) {
      if (!policies.length) return { pushed: 0, errors: [] };
      const policyXml = policies
        .map(
          (p) =>
            `<InsurancePolicy Type="Renters"><Customer><Identification IDType="Resident ID" IDValue="${escapeXml(p.resident_code)}"/>` +
            (p.unit_code ? `<Identification IDType="Unit ID" IDValue="${escapeXml(p.unit_code)}"/>` : "") +
            `</Customer><PolicyNumber>${escapeXml(p.number)}</PolicyNumber><InsurerName>${escapeXml(p.carrier ?? "")}</InsurerName>` +
            `<PolicyDetails><EffectiveDate>${p.effective_date}</EffectiveDate><ExpirationDate>${p.expiration_date ?? ""}</ExpirationDate>` +
            `<LiabilityAmount>${p.liability_cents === null ? "" : (p.liability_cents / 100).toFixed(2)}</LiabilityAmount>` +
            `<IsRenew>false</IsRenew><Status>${escapeXml(p.status)}</Status></PolicyDetails></InsurancePolicy>`,
        )
        .join("");
      const result = await call("ItfRentersInsurance", "ImportInsurancePolicies", [["YardiPropertyId", propertyCode]], `<Policy><RenterInsurance xmlns="">${policyXml}</RenterInsurance></Policy>`);
      const messages = errorMessages(result);
      const errors: Array<{ number: string; message: string }> = [];
      for (const message of messages) {
        const policy = policies.find((p) => message.includes(p.number));
        // A message that names no policy refuses the whole import (bad login, unknown property).
        if (!policy) {
          if (/user\s*name|password|login|licen[cs]e|interface entity|not authori[sz]ed/i.test(message)) throw new ProviderError(`${NAME} refused the credentials: ${message}`);
          throw new ProviderError(`${NAME}: ${message} (ImportInsurancePolicies)`);
        }
        if (!errors.some((e) => e.number === policy.number)) errors.push({ number: policy.number, message });
      }
      return { pushed: policies.length - errors.length, errors };
    },
  };
}
