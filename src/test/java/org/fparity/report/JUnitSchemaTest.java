package org.fparity.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import org.fparity.compare.CampaignView;
import org.fparity.compare.PlantedFaults;
import org.junit.jupiter.api.Test;
import org.xml.sax.SAXException;

/**
 * junit.xml validates against Jenkins' xUnit schema (junit-10.xsd, kept in test resources): Jenkins' xUnit plugin
 * refuses a file that does not, and it once did not (a {@code skipped} attribute on {@code <testsuites>}, issue 30).
 */
class JUnitSchemaTest {
    @Test
    void junitXmlIsValidAgainstJenkinsXunitSchema() throws Exception {
        CampaignView v = PlantedFaults.campaign("planted");
        String xml = JUnitReport.render(Report.of(v, (CampaignView) null));
        // the planted campaign has failures and errors (a crash beside a result)
        assertTrue(xml.contains("<failure") && xml.contains("<error"), xml);
        var schema = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI).newSchema(getClass().getResource("junit-10.xsd"));
        try {
            schema.newValidator().validate(new StreamSource(new StringReader(xml)));
        } catch (SAXException e) {
            throw new AssertionError("junit.xml is not valid against junit-10.xsd: " + e.getMessage(), e);
        }
    }
}
